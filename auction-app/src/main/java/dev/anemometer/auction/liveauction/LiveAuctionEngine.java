package dev.anemometer.auction.liveauction;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs this server's share of the live auctions: the LISTEN thread and the item clock. Every server
 * runs both; there is no leader. It starts before the web server and stops after it has drained, so
 * no accepted request finds the engine gone.
 */
class LiveAuctionEngine implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(LiveAuctionEngine.class);

  /** Before the web server starts, after it stops (its phases are just below DEFAULT_PHASE). */
  static final int PHASE = 0;

  private final ItemClock clock;
  private final AuctionSequencer sequencer;
  private final HighBidListener listener;
  private final LiveAuctionProperties properties;
  private final FailureLog clockFailures = new FailureLog(log, "item clock tick");
  private final FailureLog repairFailures = new FailureLog(log, "live auction repair");
  private ScheduledExecutorService scheduler;

  LiveAuctionEngine(
      ItemClock clock,
      AuctionSequencer sequencer,
      HighBidListener listener,
      LiveAuctionProperties properties) {
    this.clock = clock;
    this.sequencer = sequencer;
    this.listener = listener;
    this.properties = properties;
  }

  @Override
  public synchronized void start() {
    if (scheduler != null) {
      return;
    }
    listener.start();
    scheduler =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "item-clock");
              thread.setDaemon(true);
              return thread;
            });
    scheduler.scheduleWithFixedDelay(
        this::repair, 0, properties.repairInterval().toMillis(), TimeUnit.MILLISECONDS);
    scheduler.scheduleWithFixedDelay(
        this::tick, 0, properties.clockTick().toMillis(), TimeUnit.MILLISECONDS);
    log.info(
        "live auction engine started: open {}, last call {}, tick {}",
        properties.openDuration(),
        properties.lastCallDuration(),
        properties.clockTick());
  }

  @Override
  public synchronized void stop() {
    if (scheduler == null) {
      return;
    }
    scheduler.shutdown();
    try {
      if (!scheduler.awaitTermination(10, TimeUnit.SECONDS)) {
        scheduler.shutdownNow();
      }
    } catch (InterruptedException e) {
      scheduler.shutdownNow();
      Thread.currentThread().interrupt();
    }
    scheduler = null;
    listener.stop();
  }

  @Override
  public synchronized boolean isRunning() {
    return scheduler != null;
  }

  @Override
  public int getPhase() {
    return PHASE;
  }

  private void tick() {
    try {
      clock.tick();
      clockFailures.recovered();
    } catch (RuntimeException e) {
      // A failed tick rolled back; the rows stay due and the next tick (here or elsewhere) retries.
      clockFailures.failed(e);
    }
  }

  private void repair() {
    try {
      int repaired = sequencer.repair();
      if (repaired > 0) {
        log.info("activated an item in {} running auction(s) that had none", repaired);
      }
      repairFailures.recovered();
    } catch (RuntimeException e) {
      repairFailures.failed(e);
    }
  }
}
