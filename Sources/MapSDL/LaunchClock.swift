import Foundation

/// How long ago the process started, from the kernel's record of it (so
/// the time a program takes to load counts too): what "the first frame
/// after launch" means in `--verbose` and the benchmark.
enum LaunchClock {
    /// Seconds since the process started (to the kernel's tick, 10 ms);
    /// nil where /proc cannot say.
    static func secondsSinceLaunch() -> Double? {
        var now = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &now) == 0,
              let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        // Fields after the command name (which may hold spaces): state is field 3, start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return uptime - ticks / hertz
    }
}
