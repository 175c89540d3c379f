package dev.anemometer.driver.behavior;

import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A single-threaded executor run by the test: tasks run in due order when the test advances the
 * fake time, on the test's thread. Stands in for a Netty event loop.
 */
final class FakeScheduler extends AbstractExecutorService implements ScheduledExecutorService {

  private final FakeTime time;
  private final PriorityQueue<Task> queue =
      new PriorityQueue<>(
          Comparator.<Task>comparingLong(task -> task.dueNanos)
              .thenComparingLong(task -> task.order));
  private long sequence;

  FakeScheduler(FakeTime time) {
    this.time = time;
  }

  /** Runs every task due up to {@code untilNanos}, moving the clock to each task's due time. */
  void advanceTo(long untilNanos) {
    while (!queue.isEmpty() && queue.peek().dueNanos <= untilNanos) {
      Task task = queue.poll();
      if (task.cancelled) {
        continue;
      }
      time.set(Math.max(time.nanoTime(), task.dueNanos));
      task.done = true;
      task.command.run();
    }
    time.set(Math.max(time.nanoTime(), untilNanos));
  }

  void advanceBy(long nanos) {
    advanceTo(time.nanoTime() + nanos);
  }

  int pendingTasks() {
    return (int) queue.stream().filter(task -> !task.cancelled).count();
  }

  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Task task = new Task(command, time.nanoTime() + Math.max(0, unit.toNanos(delay)), sequence++);
    queue.add(task);
    return task;
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return true;
  }

  private final class Task implements ScheduledFuture<Object> {
    final Runnable command;
    final long dueNanos;
    final long order;
    boolean cancelled;
    boolean done;

    Task(Runnable command, long dueNanos, long order) {
      this.command = command;
      this.dueNanos = dueNanos;
      this.order = order;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(dueNanos - time.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      if (done) {
        return false;
      }
      cancelled = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return done || cancelled;
    }

    @Override
    public Object get() {
      return null;
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      return null;
    }
  }
}
