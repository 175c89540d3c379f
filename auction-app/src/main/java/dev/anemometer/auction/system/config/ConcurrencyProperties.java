package dev.anemometer.auction.system.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code anemometer.concurrency.*}: how requests get threads. Tomcat reads the numbers through
 * placeholders in application.yml; this record documents them and reports the choice at startup.
 *
 * @param threads AUTO (virtual threads on JDK 21+), VIRTUAL or PLATFORM
 * @param maxThreads size of the platform request pool when virtual threads are off
 * @param acceptCount the listen backlog: connections the OS queues until Tomcat accepts them
 *     (capped by the kernel's net.core.somaxconn). HAProxy opens connections in bursts of hundreds;
 *     a backlog of 500 overflowed near the peak (31,132 overflows counted by the kernel over
 *     several findMax runs), each dropped connection waited out HAProxy's 1 s connect timeout, and
 *     ten of them took the server out of rotation (decision 0010)
 * @param maxConnections connections Tomcat keeps open at once (long polls hold one each)
 */
@ConfigurationProperties("anemometer.concurrency")
public record ConcurrencyProperties(
    @DefaultValue("AUTO") String threads,
    @DefaultValue("200") int maxThreads,
    @DefaultValue("4096") int acceptCount,
    @DefaultValue("10000") int maxConnections) {}
