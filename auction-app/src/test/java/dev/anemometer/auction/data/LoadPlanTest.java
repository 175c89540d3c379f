package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LoadPlanTest {

  @Test
  void chunksCoverEveryTableWithTheLayoutsRowCounts() {
    DatasetLayout layout = new DatasetLayout(3000);
    try (PicturePool pictures = PicturePool.start(1)) {
      List<CopyChunk> chunks = LoadPlan.chunks(new DatasetFacts(layout, 1_700_000_000L), pictures);
      Map<String, Long> rowsByTable =
          chunks.stream()
              .collect(
                  Collectors.groupingBy(
                      chunk -> chunk.copySql().split(" ")[1],
                      Collectors.summingLong(CopyChunk::rows)));
      assertThat(rowsByTable)
          .containsOnly(
              Map.entry("app_user", layout.accounts()),
              Map.entry("auction", layout.auctions()),
              Map.entry("item", layout.items()),
              Map.entry("high_bid", layout.pastItems()),
              Map.entry("bid", layout.bids()),
              Map.entry("attendance", layout.attendances()),
              Map.entry("image_content", layout.imageContents()),
              Map.entry("item_image", layout.itemImages()));
      assertThat(rowsByTable.keySet()).containsExactlyInAnyOrderElementsOf(LoadPlan.TABLES);
    }
  }

  @Test
  void ranksEveryLoadedTableBySize() {
    assertThat(LoadPlan.LARGEST_FIRST).containsExactlyInAnyOrderElementsOf(LoadPlan.TABLES);
  }

  @Test
  void alternatesHashingWithStreamingAndSendsPicturesLast() {
    try (PicturePool pictures = PicturePool.start(1)) {
      List<CopyChunk> chunks =
          LoadPlan.chunks(new DatasetFacts(new DatasetLayout(3000), 0), pictures);
      assertThat(chunks.get(0).copySql()).contains("app_user");
      assertThat(chunks.get(1).copySql()).doesNotContain("app_user");
      assertThat(chunks.get(2).copySql()).contains("app_user");
      assertThat(chunks.get(chunks.size() - 1).copySql()).contains("image_content");
    }
  }
}
