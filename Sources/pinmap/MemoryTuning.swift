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
    static func apply() {
        #if canImport(CMalloc)
        _ = mallopt(M_ARENA_MAX, 1)
        #endif
    }
}
