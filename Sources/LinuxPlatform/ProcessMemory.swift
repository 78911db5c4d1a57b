import CLinux

/// How the process's C heap behaves.
public enum ProcessMemory {
    /// Sets glibc's malloc up for a process that runs for months: two arenas, and large
    /// blocks (frames, surfaces) mapped on their own and returned to the kernel when freed.
    /// Halves the daemon's private memory (Benchmarks/measure-daemon.py). Call it before
    /// the work starts; threads that already have an arena keep it.
    /// - Returns: whether glibc took every setting.
    @discardableResult
    public static func configureForLongRun() -> Bool {
        CLinux_malloc_for_long_run() == 1
    }
}
