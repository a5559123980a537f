#if canImport(CMalloc)
import CMalloc
#endif

/// How the process asks the C allocator to behave, set first thing in `main`.
enum MemoryTuning {
    /// One malloc arena for all threads. By default glibc gives each thread
    /// that allocates an arena of its own (tile decoding, the second half
    /// of a large pins file, the cluster build each run on worker threads),
    /// and each arena keeps the megabytes freed in it long after: a
    /// 100,000-pin map held about 3 MB of them at its first frame. pinmap's
    /// threads allocate in large pieces and rarely at the same moment, so
    /// sharing one arena costs no measurable time.
    ///
    /// Blocks up to 8 MB come from the heap, and up to 32 MB freed at its
    /// top stay there. A tilted map with buildings makes and drops lists of
    /// a few megabytes every frame (the corners on screen, the faces); by
    /// default glibc maps each afresh from the system and unmaps it when
    /// freed, and the system then zeroes every page again: about a third
    /// of such a frame's time went to the kernel.
    static func apply() {
        #if canImport(CMalloc)
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_MMAP_THRESHOLD, 8 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
        #endif
    }
}
