//! The first 32 bytes of a string scan in SSE2, which every x86-64 CPU has (no run-time check).
//! Four word masks with a branch per word were the hottest spot of skipping schemas: which word
//! holds a short string's end is a branch the CPU cannot predict.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_set1_epi8,
    _mm_setzero_si128, _mm_subs_epu8, _mm_xor_si128,
};

/// Bit `k` set where byte `k` of `chunk` is `"`, `\` or a control character.
#[inline(always)]
pub(crate) fn special_mask_32(chunk: &[u8; 32]) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline (`target_feature = "sse2"` is always set
    // there), and `loadu` reads 16 bytes of `chunk` with no alignment requirement.
    unsafe {
        let lo = special_mask_16(_mm_loadu_si128(chunk.as_ptr().cast()));
        let hi = special_mask_16(_mm_loadu_si128(chunk.as_ptr().add(16).cast()));
        lo | hi << 16
    }
}

/// `super::any_special`'s test in 16 lanes: zero marks `"`, `\` or a control.
#[inline(always)]
unsafe fn special_mask_16(x: __m128i) -> u32 {
    // SAFETY (for each intrinsic): SSE2, as above.
    unsafe {
        let quote_or_control =
            _mm_subs_epu8(_mm_xor_si128(x, _mm_set1_epi8(2)), _mm_set1_epi8(0x20));
        let special = _mm_min_epu8(
            quote_or_control,
            _mm_xor_si128(x, _mm_set1_epi8(b'\\' as i8)),
        );
        (_mm_movemask_epi8(_mm_cmpeq_epi8(special, _mm_setzero_si128())) as u32) & 0xffff
    }
}
