package dev.anemometer.auction.data;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link DatasetLayout#PICTURES} pictures, drawn in the background from the moment a load
 * starts: Java2D's first use and the JPEG encoder's warm-up take seconds, which then overlap with
 * the schema migration and the first COPYs instead of delaying the end of the load.
 */
final class PicturePool implements AutoCloseable {

  private final ExecutorService executor;
  private final List<CompletableFuture<ImageGenerator.Picture>> pictures = new ArrayList<>();

  private PicturePool(int threads) {
    AtomicInteger count = new AtomicInteger();
    executor =
        Executors.newFixedThreadPool(
            threads,
            runnable -> {
              Thread thread = new Thread(runnable, "data-pictures-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  static PicturePool start(int threads) {
    PicturePool pool = new PicturePool(threads);
    ImageGenerator generator = new ImageGenerator();
    for (int i = 0; i < DatasetLayout.PICTURES; i++) {
      int number = i;
      pool.pictures.add(
          CompletableFuture.supplyAsync(() -> generator.picture(number), pool.executor));
    }
    return pool;
  }

  /** Picture {@code number}, waiting for it if it is still being drawn. */
  ImageGenerator.Picture picture(int number) {
    return pictures.get(number).join();
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
