//! The 64-byte step of the long-string scan in AVX2, chosen at run time (with `std`) where the
//! CPU has it: it took the 1 MB base64 image decode from 0.87 to 0.46 instructions per byte
//! over the SSE2 form the compiler makes of the portable loop (BENCHMARKS.md,
//! `bash benches/callgrind.sh`). The only `unsafe` in the crate: two unaligned loads, after the
//! feature check.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8,
    _mm256_set1_epi8, _mm256_setzero_si256, _mm256_subs_epu8, _mm256_xor_si256,
};

/// [`super::plain_chunks`] in AVX2, or `None` when the CPU lacks it.
#[inline]
pub(super) fn plain_chunks(rest: &[u8]) -> Option<usize> {
    if !std::is_x86_feature_detected!("avx2") {
        return None;
    }
    // SAFETY: the CPU has AVX2 (checked just above), the one feature the function enables.
    Some(unsafe { plain_chunks_avx2(rest) })
}

#[target_feature(enable = "avx2")]
fn plain_chunks_avx2(rest: &[u8]) -> usize {
    // The same test as `super::any_special`, 32 lanes at once: zero marks `"`, `\` or a control.
    let special = |x: __m256i| {
        let quote_or_control = _mm256_subs_epu8(
            _mm256_xor_si256(x, _mm256_set1_epi8(2)),
            _mm256_set1_epi8(0x20),
        );
        _mm256_min_epu8(
            quote_or_control,
            _mm256_xor_si256(x, _mm256_set1_epi8(b'\\' as i8)),
        )
    };
    let mut off = 0;
    for chunk in rest.as_chunks::<64>().0 {
        // SAFETY: `chunk` is 64 readable bytes, and `loadu` has no alignment requirement.
        let (a, b) = unsafe {
            (
                _mm256_loadu_si256(chunk.as_ptr().cast()),
                _mm256_loadu_si256(chunk.as_ptr().add(32).cast()),
            )
        };
        let zero = _mm256_cmpeq_epi8(
            _mm256_min_epu8(special(a), special(b)),
            _mm256_setzero_si256(),
        );
        if _mm256_movemask_epi8(zero) != 0 {
            break;
        }
        off += 64;
    }
    off
}
