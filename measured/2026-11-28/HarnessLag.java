import org.jvmmark.harness.*;
import java.util.concurrent.TimeUnit;
public class HarnessLag {
  static long[] ent = new long[30000]; static int k;
  public static void main(String[] a) throws Exception {
    long[] l1 = new long[10000];
    for (int s = 0; s < Integer.parseInt(a[0]); s++) {
      HarnessOptions o = HarnessOptions.builder().name("x").warmupIterations(2000).iterations(5000).runs(1)
          .coCorrection(true).jitter(false).affinity(false).throughput(10000, TimeUnit.SECONDS).build();
      final Harness[] h = new Harness[1];
      k = 0;
      LatencyTask t = new LatencyTask() {
        public void init(Harness hh) { h[0] = hh; }
        public void run(long start) {
          long t0 = System.nanoTime();
          while (System.nanoTime() - t0 < 2000) { Thread.onSpinWait(); }
          h[0].recordEndToEnd(start);
          if (k < 30000) { ent[k++] = t0 - start; }
        }
      };
      h[0] = new Harness(o, t);
      h[0].run();
      long[] e = java.util.Arrays.copyOfRange(ent, 2000, k); java.util.Arrays.sort(e);
      long due = System.nanoTime() + 100_000;
      for (int i = 0; i < 10000; i++) {
        while (due - System.nanoTime() > 0) Thread.onSpinWait();
        long act = System.nanoTime(); l1[i] = act - due;
        long t0 = System.nanoTime(); while (System.nanoTime() - t0 < 2000) Thread.onSpinWait();
        due += 100_000;
      }
      java.util.Arrays.sort(l1);
      System.out.println(s + " harness entry-due p50 " + e[e.length / 2] + "   plain loop lag p50 " + l1[5000]);
    }
  }
}
