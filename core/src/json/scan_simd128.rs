//! The first 32 bytes of a string scan in WebAssembly's simd128, in builds that enable it
//! (`-C target-feature=+simd128`): `scan_sse2`'s compares, lane for lane. The word-at-a-time
//! mask is no fit there: LLVM makes vector code of its four words, whose 64-bit multiplies
//! V8 spells out in several instructions each.

use core::arch::wasm32::{
    u8x16, u8x16_bitmask, u8x16_eq, u8x16_ge, u8x16_min, u8x16_splat, u8x16_sub_sat, v128,
    v128_and, v128_xor,
};

/// Bit `k` set where byte `k` of `chunk` is `"`, `\` or a control character.
#[inline(always)]
pub(crate) fn special_mask_32(chunk: &[u8; 32]) -> u32 {
    let (lo, hi) = chunk.split_at(16);
    u32::from(special_mask_16(lanes(lo))) | u32::from(special_mask_16(lanes(hi))) << 16
}

/// Sixteen bytes as a vector (the lanes of consecutive bytes become one `v128.load`).
#[inline(always)]
fn lanes(b: &[u8]) -> v128 {
    let Some(&[a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15]) =
        b.first_chunk::<16>()
    else {
        return u8x16_splat(b' ');
    };
    u8x16(
        a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15,
    )
}

/// `super::any_special`'s test in 16 lanes.
#[inline(always)]
fn special_mask_16(x: v128) -> u16 {
    let quote_or_control = u8x16_sub_sat(v128_xor(x, u8x16_splat(2)), u8x16_splat(0x20));
    let special = u8x16_min(quote_or_control, v128_xor(x, u8x16_splat(b'\\')));
    u8x16_bitmask(u8x16_eq(special, u8x16_splat(0)))
}

/// The UTF-16 units of the UTF-8 bytes of `chunk`, which begins and ends between characters
/// or in the middle of one (then counted where it begins): one per byte that does not
/// continue a character (`10xxxxxx`), one more per first byte of four (`11110xxx`).
#[inline(always)]
pub(crate) fn utf16_units_32(chunk: &[u8; 32]) -> usize {
    let (lo, hi) = chunk.split_at(16);
    utf16_units_16(lanes(lo)) + utf16_units_16(lanes(hi))
}

#[inline(always)]
fn utf16_units_16(x: v128) -> usize {
    let continuation = u8x16_eq(v128_and(x, u8x16_splat(0xC0)), u8x16_splat(0x80));
    let four = u8x16_ge(x, u8x16_splat(0xF0));
    16 - u8x16_bitmask(continuation).count_ones() as usize
        + u8x16_bitmask(four).count_ones() as usize
}
