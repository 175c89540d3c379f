package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs tasks on a few threads, each with its own database connection, taking tasks from one queue
 * in the order given (most expensive first balances best). The first failure stops the others from
 * taking new tasks and is rethrown once every thread has finished.
 */
final class ParallelWork {

  /** One task on a worker's connection. */
  @FunctionalInterface
  interface Task<T> {
    void run(Connection connection, T item) throws Exception;
  }

  private ParallelWork() {}

  static <T> void run(
      String name, int threads, ConnectionSettings database, List<T> items, Task<T> task)
      throws Exception {
    ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>(items);
    AtomicReference<Exception> failure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < Math.min(threads, Math.max(1, items.size())); i++) {
      Thread worker = new Thread(() -> work(database, queue, task, failure), name + "-" + (i + 1));
      worker.start();
      workers.add(worker);
    }
    for (Thread worker : workers) {
      worker.join();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  private static <T> void work(
      ConnectionSettings database,
      ConcurrentLinkedQueue<T> queue,
      Task<T> task,
      AtomicReference<Exception> failure) {
    try (Connection connection = database.open()) {
      tuneForBulkWork(connection);
      T item;
      while (failure.get() == null && (item = queue.poll()) != null) {
        task.run(connection, item);
      }
    } catch (Exception e) {
      failure.compareAndSet(null, e);
    }
  }

  /**
   * Bulk sessions: memory for sorting index builds, and no wait for the WAL flush at each commit (a
   * crash mid-load means loading again anyway).
   */
  private static void tuneForBulkWork(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET maintenance_work_mem = '256MB'");
      statement.execute("SET synchronous_commit = off");
    }
  }
}
