//! evm-units: หน่วยและค่าคงที่สำหรับงาน EVM (wei, gwei, ether)
pub mod version;

pub const WEI_PER_GWEI: u128 = 1_000_000_000;
pub const WEI_PER_ETHER: u128 = 1_000_000_000_000_000_000;

pub fn gwei_to_wei(g: u128) -> u128 {
    g * WEI_PER_GWEI
}

pub fn ether_to_wei(e: u128) -> u128 {
    e * WEI_PER_ETHER
}
