//! Build script: the server target links Z3; its provisioned library is found through the rpath.
include!(concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/z3-rpath.rs"));

fn main() {
    bake_z3_rpath();
}
