package dev.anemometer.driver.http;

import io.netty.channel.unix.Errors;
import java.util.Locale;

/**
 * Recognises a connect that failed because the driver's process ran out of file descriptors
 * (EMFILE: this process's limit; ENFILE: the system's). Such a failure is the driver's, never the
 * platform's, though Java reports it as an I/O error like a refused connection.
 */
final class DescriptorExhaustion {

  private static final int ENFILE = 23;
  private static final int EMFILE = 24;

  private DescriptorExhaustion() {}

  static boolean causedBy(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = next(cause)) {
      if (cause instanceof Errors.NativeIoException nativeFailure) {
        int errno = Math.abs(nativeFailure.expectedErr());
        if (errno == EMFILE || errno == ENFILE) {
          return true;
        }
      }
      String message = cause.getMessage();
      if (message != null && message.toLowerCase(Locale.ROOT).contains("too many open files")) {
        return true;
      }
    }
    return false;
  }

  private static Throwable next(Throwable cause) {
    return cause.getCause() == cause ? null : cause.getCause();
  }
}
