package dev.anemometer.driver.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.ChannelException;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.unix.Errors;
import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class DescriptorExhaustionTest {

  @Test
  void theEpollTransportsErrnoOfAFullDescriptorTableIsTheDrivers() {
    assumeTrue(Epoll.isAvailable(), "the epoll transport's native library is not available here");
    for (int errno : new int[] {24, 23}) {
      ChannelException failure =
          new ChannelException(Errors.newIOException("newSocketStream", -errno));
      assertThat(DescriptorExhaustion.causedBy(failure)).as("errno %d", errno).isTrue();
    }
    assertThat(
            DescriptorExhaustion.causedBy(
                Errors.newIOException("connect", Errors.ERROR_ECONNREFUSED_NEGATIVE)))
        .isFalse();
  }

  @Test
  void theJdksMessageOfAFullDescriptorTableIsTheDrivers() {
    ChannelException nioFailure =
        new ChannelException("Failed to open a socket.", new IOException("Too many open files"));
    assertThat(DescriptorExhaustion.causedBy(nioFailure)).isTrue();
  }

  @Test
  void aRefusedOrTimedOutConnectIsThePlatforms() {
    assertThat(DescriptorExhaustion.causedBy(new ConnectException("Connection refused"))).isFalse();
    assertThat(DescriptorExhaustion.causedBy(new ConnectTimeoutException("timed out"))).isFalse();
    assertThat(DescriptorExhaustion.causedBy(new IOException((String) null))).isFalse();
  }
}
