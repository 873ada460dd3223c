pub mod items {
    include!(concat!(env!("OUT_DIR"), "/shop.items.rs"));
}

pub fn large_shirt(color: &str) -> items::Shirt {
    let mut s = items::Shirt::default();
    s.color = color.into();
    s.set_size(items::shirt::Size::Large);
    s
}
