//! The `jacobian` command.

fn main() {
    println!("jacobian {}", env!("CARGO_PKG_VERSION"));
}
