package dev.anemometer.driver.bench;

/**
 * What one measured run of {@link RawHttpLoop} did.
 *
 * @param requests successful (status 200) requests completed in the measured window
 * @param failures failed or non-200 requests in the window
 * @param wallNanos length of the measured window
 * @param processCpuNanos CPU time of the whole JVM in the window (GC and JIT threads included)
 * @param loopCpuNanos CPU time of the event-loop thread alone in the window
 * @param loopUserNanos the part of {@code loopCpuNanos} spent in user mode, the rest being the
 *     kernel's
 * @param transport "epoll" or "nio"
 * @param busiestThreads the threads that used most CPU in the window, with their CPU seconds
 */
public record RawLoopResult(
    long requests,
    long failures,
    long wallNanos,
    long processCpuNanos,
    long loopCpuNanos,
    long loopUserNanos,
    String transport,
    String busiestThreads) {

  public double requestsPerSecond() {
    return requests * 1e9 / wallNanos;
  }

  public double processCpuMicrosPerRequest() {
    return requests == 0 ? Double.NaN : processCpuNanos / 1e3 / requests;
  }

  public double loopCpuMicrosPerRequest() {
    return requests == 0 ? Double.NaN : loopCpuNanos / 1e3 / requests;
  }

  public double loopUserMicrosPerRequest() {
    return requests == 0 ? Double.NaN : loopUserNanos / 1e3 / requests;
  }
}
