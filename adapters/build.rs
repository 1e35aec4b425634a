//! Build script: makes the provisioned Z3 library findable at run time.
include!(concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/z3-rpath.rs"));

fn main() {
    bake_z3_rpath();
}
