#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock a `BidiEngine` holds for the length of each public call, which makes the engine safe to
/// share between threads (calls take turns). Recursive: a closure the engine calls (`flush` of
/// `render`, the body of `withAnalysis`) may call the same engine again on the same thread, as it
/// always could. A pthread mutex, because `Synchronization.Mutex` is not recursive.
final class EngineLock: @unchecked Sendable {
    // @unchecked: the mutex is the synchronisation; it is allocated once and never moved.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
}
