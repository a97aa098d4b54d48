fn main() {
    // ANCHOR: greet
    println!("hello from the listing");
    // ANCHOR_END: greet
    let unused_line_here = 1;
}
