package dev.anemometer.harness.deploy;

import java.lang.management.ManagementFactory;

/**
 * The open-file limit of this JVM ({@code ulimit -n}, soft), which every process it starts
 * inherits: the local tiers and the driver's workers. The launcher raises it as far as the user
 * may.
 */
public final class OpenFilesLimit {

  private OpenFilesLimit() {}

  /** The limit, or 0 where the JVM cannot tell. */
  public static long ofThisProcess() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      return unix.getMaxFileDescriptorCount();
    }
    return 0;
  }
}
