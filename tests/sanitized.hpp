// TEMPO_SANITIZED is defined in builds with AddressSanitizer or ThreadSanitizer (GCC or clang),
// for tests that must adapt to them (slower per node, no `ulimit -v`).
#pragma once

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEMPO_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TEMPO_SANITIZED 1
#endif
#endif
