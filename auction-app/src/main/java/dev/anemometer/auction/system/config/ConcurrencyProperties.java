package dev.anemometer.auction.system.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code anemometer.concurrency.*}: how requests get threads. Tomcat reads the numbers through
 * placeholders in application.yml; this record documents them and reports the choice at startup.
 *
 * @param threads AUTO (virtual threads on JDK 21+), VIRTUAL or PLATFORM
 * @param maxThreads size of the platform request pool when virtual threads are off
 * @param acceptCount connections queued by the OS once maxConnections are open
 * @param maxConnections connections Tomcat keeps open at once (long polls hold one each)
 */
@ConfigurationProperties("anemometer.concurrency")
public record ConcurrencyProperties(
    @DefaultValue("AUTO") String threads,
    @DefaultValue("200") int maxThreads,
    @DefaultValue("500") int acceptCount,
    @DefaultValue("10000") int maxConnections) {}
