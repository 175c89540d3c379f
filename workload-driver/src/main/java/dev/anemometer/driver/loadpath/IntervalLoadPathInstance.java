package dev.anemometer.driver.loadpath;

import java.util.List;

/** Runtime of {@link IntervalLoadPathSpec}: finds the segment under the elapsed time. */
final class IntervalLoadPathInstance implements LoadPathInstance {

  private final List<SegmentSpec> segments;
  private final long[] segmentStartMillis;
  private final long roundMillis;
  private final int repeat;

  IntervalLoadPathInstance(IntervalLoadPathSpec spec) {
    this.segments = spec.segments();
    this.repeat = spec.repeat();
    this.segmentStartMillis = new long[segments.size()];
    long start = 0;
    for (int i = 0; i < segments.size(); i++) {
      segmentStartMillis[i] = start;
      start += segments.get(i).length().toMillis();
    }
    this.roundMillis = start;
  }

  @Override
  public LoadPoint at(long elapsedMillis) {
    long round = elapsedMillis / roundMillis;
    if (round >= repeat) {
      return LoadPoint.done();
    }
    long intoRound = elapsedMillis % roundMillis;
    int index = segments.size() - 1;
    while (segmentStartMillis[index] > intoRound) {
      index--;
    }
    int users = segments.get(index).usersAt(intoRound - segmentStartMillis[index]);
    int window = (int) round * segments.size() + index;
    return new LoadPoint(users, LoadPhase.QOS, window, false);
  }

  @Override
  public void windowJudged(int windowIndex, WindowVerdict verdict, double worstLimitShare) {
    // Interval paths report per-segment verdicts; they do not change course on them.
  }
}
