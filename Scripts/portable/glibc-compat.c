// Linked into the portable build (Scripts/package.sh build) to keep the oldest C library it runs
// on as old as the build machine allows: the programs need no GLIBC_ version above 2.34 (glibc
// 2.34 moved the threads and dl* functions into libc and gave them, and the start-up code, that
// version).
//
// Three functions of later versions are wrapped (--wrap=NAME sends every call of NAME to
// __wrap_NAME), each to what every glibc of the architecture from 2.34 on has:
//   hypot, hypotf (GLIBC_2.35, a faster implementation without the SVID error handling; Foundation
//     and the Swift overlay of Glibc call them): the first version, same results;
//   _dl_find_object (GLIBC_2.35; the C++ runtime's unwinder finds a frame's unwind tables with it):
//     dl_iterate_phdr, which that unwinder used before;
//   arc4random (GLIBC_2.36; std::random_device of the C++ runtime): getrandom, its own source.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>

#if defined(__x86_64__)
#define RTL_TUI_GLIBC_BASE "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define RTL_TUI_GLIBC_BASE "GLIBC_2.17"
#else
#error "Scripts/package.sh links this file on x86_64 and aarch64 only"
#endif

double rtl_tui_hypot_base(double x, double y);
float rtl_tui_hypotf_base(float x, float y);
__asm__(".symver rtl_tui_hypot_base, hypot@" RTL_TUI_GLIBC_BASE);
__asm__(".symver rtl_tui_hypotf_base, hypotf@" RTL_TUI_GLIBC_BASE);

double __wrap_hypot(double x, double y) { return rtl_tui_hypot_base(x, y); }
float __wrap_hypotf(float x, float y) { return rtl_tui_hypotf_base(x, y); }

struct rtl_tui_find {
    uintptr_t pc;
    struct dl_find_object *out;
};

// The loaded object whose segments hold pc: its extent and its PT_GNU_EH_FRAME segment.
static int rtl_tui_each_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct rtl_tui_find *find = data;
    uintptr_t low = UINTPTR_MAX, high = 0;
    void *ehFrame = NULL;
    int holds = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD) {
            uintptr_t end = start + ph->p_memsz;
            if (start < low) low = start;
            if (end > high) high = end;
            if (find->pc >= start && find->pc < end) holds = 1;
        } else if (ph->p_type == PT_GNU_EH_FRAME) {
            ehFrame = (void *)start;
        }
    }
    if (!holds) return 0;
    find->out->dlfo_flags = 0;
    find->out->dlfo_map_start = (void *)low;
    find->out->dlfo_map_end = (void *)high;
    find->out->dlfo_link_map = NULL;
    find->out->dlfo_eh_frame = ehFrame;
    return 1;
}

int __wrap__dl_find_object(void *pc, struct dl_find_object *result) {
    struct rtl_tui_find find = {(uintptr_t)pc, result};
    return dl_iterate_phdr(rtl_tui_each_object, &find) == 1 ? 0 : -1;
}

uint32_t __wrap_arc4random(void) {
    uint32_t value;
    for (;;) {
        ssize_t n = getrandom(&value, sizeof value, 0);
        if (n == (ssize_t)sizeof value) return value;
        if (n < 0 && errno != EINTR) abort();
    }
}
