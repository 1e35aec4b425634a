// Shared by the build scripts of every package whose executables link Z3 (included with
// `include!`). The library that scripts/provision-z3 unpacks lives outside the target
// directory, where cargo's run-time library path does not reach, so its canonical directory
// is baked into the rpath: tests, benches and an installed `jacobian` all find it. The
// checkout's .z3 is a link to a store outside the checkout, and the canonical path is the
// store's, so an installed binary outlives its checkout; when the link changes, the path is
// baked again.
fn bake_z3_rpath() {
    println!("cargo:rerun-if-env-changed=Z3_LIBRARY_PATH_OVERRIDE");
    if let Some(dir) = std::env::var_os("Z3_LIBRARY_PATH_OVERRIDE") {
        println!("cargo:rerun-if-changed={}", std::path::Path::new(&dir).display());
        let dir = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.into());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
}
