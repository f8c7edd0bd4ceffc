// Counts the retains and releases made by this executable's own code: the benchmark cases and
// the Statecraft modules, which SwiftPM links statically into it, with everything the optimizer
// inlined or specialized into them.
//
// How: compiled Swift code calls swift_retain, swift_release and their variants through this
// executable's global offset table (GOT). Counting points those GOT slots at counting wrappers
// that forward to the runtime's functions; stopping points them back. Nothing is in the path
// when counting is off, so timings are untouched.
//
// Why not the runtime's own hooks (the _swift_retain pointers that package-benchmark's
// SwiftRuntimeHooks swap): on Swift 6.3 for Linux, once they are installed, the runtime's
// _swift_retain_adapterImpl masks the tag bits off small-string bridge objects and the retain
// faults (seen here: the package-benchmark suite crashes in its progress bar unless run with
// --no-progress). Redirecting our own GOT never goes through that adapter.
//
// What it counts is calls, not reference-count changes: a swift_bridgeObjectRetain of an empty
// array or a small string is a call that changes nothing, and is counted. What it misses:
// retains made inside libswiftCore's own functions (a Dictionary look-up that was not inlined,
// say) do not pass through this GOT. The package-benchmark suite counts actual retains
// everywhere; compare the two when they differ.

#if defined(__linux__) && defined(__x86_64__)
// Linux on x86_64 only: other systems and architectures report that counting is unavailable
// (on arm64, Swift 6.3 also retains through per-register entry points not handled here).

#define _GNU_SOURCE
#include "RuntimeCounters.h"
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int64_t retains, releases;

typedef void *(*retain_fn)(void *);
typedef void *(*retain_n_fn)(void *, uint32_t);
typedef void (*release_fn)(void *);
typedef void (*release_n_fn)(void *, uint32_t);

static retain_fn real_retain, real_bridge_retain;
static retain_n_fn real_retain_n, real_bridge_retain_n;
static release_fn real_release, real_bridge_release;
static release_n_fn real_release_n, real_bridge_release_n;

static void *count_retain(void *object) { retains++; return real_retain(object); }
static void *count_retain_n(void *object, uint32_t n) { retains += n; return real_retain_n(object, n); }
static void count_release(void *object) { releases++; real_release(object); }
static void count_release_n(void *object, uint32_t n) { releases += n; real_release_n(object, n); }
static void *count_bridge_retain(void *object) { retains++; return real_bridge_retain(object); }
static void *count_bridge_retain_n(void *object, uint32_t n) {
    retains += n;
    return real_bridge_retain_n(object, n);
}
static void count_bridge_release(void *object) { releases++; real_bridge_release(object); }
static void count_bridge_release_n(void *object, uint32_t n) {
    releases += n;
    real_bridge_release_n(object, n);
}

/// One runtime entry point: its name, the runtime's function, and the counting wrapper.
struct entry {
    const char *name;
    void **real;
    void *wrapper;
};

static struct entry entries[] = {
    {"swift_retain", (void **)&real_retain, (void *)count_retain},
    {"swift_retain_n", (void **)&real_retain_n, (void *)count_retain_n},
    {"swift_release", (void **)&real_release, (void *)count_release},
    {"swift_release_n", (void **)&real_release_n, (void *)count_release_n},
    {"swift_bridgeObjectRetain", (void **)&real_bridge_retain, (void *)count_bridge_retain},
    {"swift_bridgeObjectRetain_n", (void **)&real_bridge_retain_n, (void *)count_bridge_retain_n},
    {"swift_bridgeObjectRelease", (void **)&real_bridge_release, (void *)count_bridge_release},
    {"swift_bridgeObjectRelease_n", (void **)&real_bridge_release_n, (void *)count_bridge_release_n},
};
#define ENTRY_COUNT (sizeof(entries) / sizeof(entries[0]))

/// Every GOT slot of this executable that holds one of the entries, found once.
#define MAX_SLOTS 64
static void **slots[MAX_SLOTS];
static int slot_entry[MAX_SLOTS];
static int slot_count = -1;

static uintptr_t absolute(ElfW(Addr) base, ElfW(Addr) address) {
    // glibc rewrites most d_ptr values of a loaded object to absolute addresses; be safe
    // either way.
    return address < base ? base + address : address;
}

static void scan_relocations(ElfW(Addr) base, const ElfW(Rela) *relocations, size_t size,
                             const ElfW(Sym) *symbols, const char *strings) {
    for (size_t index = 0; index < size / sizeof(ElfW(Rela)); index++) {
        const ElfW(Rela) *relocation = &relocations[index];
        unsigned long type = ELF64_R_TYPE(relocation->r_info);
        if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT) continue;
        const char *name = strings + symbols[ELF64_R_SYM(relocation->r_info)].st_name;
        for (size_t entry = 0; entry < ENTRY_COUNT; entry++) {
            if (strcmp(name, entries[entry].name) == 0 && slot_count < MAX_SLOTS) {
                slots[slot_count] = (void **)(base + relocation->r_offset);
                slot_entry[slot_count] = (int)entry;
                slot_count++;
            }
        }
    }
}

static int scan_executable(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    // The first object dl_iterate_phdr reports is the executable itself.
    ElfW(Addr) base = info->dlpi_addr;
    const ElfW(Dyn) *dynamic = NULL;
    for (int header = 0; header < info->dlpi_phnum; header++) {
        if (info->dlpi_phdr[header].p_type == PT_DYNAMIC) {
            dynamic = (const ElfW(Dyn) *)(base + info->dlpi_phdr[header].p_vaddr);
        }
    }
    if (!dynamic) return 1;
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *plt = NULL, *rela = NULL;
    size_t plt_size = 0, rela_size = 0;
    for (const ElfW(Dyn) *item = dynamic; item->d_tag != DT_NULL; item++) {
        switch (item->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)absolute(base, item->d_un.d_ptr); break;
        case DT_STRTAB: strings = (const char *)absolute(base, item->d_un.d_ptr); break;
        case DT_JMPREL: plt = (const ElfW(Rela) *)absolute(base, item->d_un.d_ptr); break;
        case DT_PLTRELSZ: plt_size = item->d_un.d_val; break;
        case DT_RELA: rela = (const ElfW(Rela) *)absolute(base, item->d_un.d_ptr); break;
        case DT_RELASZ: rela_size = item->d_un.d_val; break;
        }
    }
    if (!symbols || !strings) return 1;
    slot_count = 0;
    if (plt) scan_relocations(base, plt, plt_size, symbols, strings);
    if (rela) scan_relocations(base, rela, rela_size, symbols, strings);
    return 1;
}

static int prepare(void) {
    if (slot_count >= 0) return slot_count > 0 ? 0 : -1;
    for (size_t entry = 0; entry < ENTRY_COUNT; entry++) {
        *entries[entry].real = dlsym(RTLD_DEFAULT, entries[entry].name);
        if (!*entries[entry].real) {
            slot_count = 0;
            return -1;
        }
    }
    dl_iterate_phdr(scan_executable, NULL);
    long page = sysconf(_SC_PAGESIZE);
    for (int slot = 0; slot < slot_count; slot++) {
        // Under full RELRO the GOT is read-only after start-up; it stays writable from here on,
        // which only a benchmark process can afford.
        uintptr_t start = (uintptr_t)slots[slot] & ~(uintptr_t)(page - 1);
        if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) {
            slot_count = 0;
            return -1;
        }
    }
    return slot_count > 0 ? 0 : -1;
}

int runtime_counters_start(void) {
    if (prepare() != 0) return -1;
    retains = 0;
    releases = 0;
    for (int slot = 0; slot < slot_count; slot++) {
        *slots[slot] = entries[slot_entry[slot]].wrapper;
    }
    return 0;
}

runtime_counts_t runtime_counters_stop(void) {
    // The real function, not the lazy-binding stub the slot may have held at first.
    for (int slot = 0; slot < slot_count; slot++) {
        *slots[slot] = *entries[slot_entry[slot]].real;
    }
    runtime_counts_t counts = {retains, releases};
    return counts;
}

#else

#include "RuntimeCounters.h"

int runtime_counters_start(void) { return -1; }

runtime_counts_t runtime_counters_stop(void) {
    runtime_counts_t none = {0, 0};
    return none;
}

#endif
