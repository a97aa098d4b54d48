use std::collections::HashMap;

// ANCHOR: count
fn count(words: &[&str]) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in words {
        *counts.entry(*word).or_insert(0) += 1;
    }
    counts
}
// ANCHOR_END: count

fn main() {
    println!("{:?}", count(&["a", "b", "a"]));
}
