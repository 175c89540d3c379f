package dev.anemometer.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The tables of a report as Chromium left them in the DOM, read back for assertions. */
final class HtmlTables {

  private static final Pattern TABLE =
      Pattern.compile("<table class=\"data[^\"]*\">(.*?)</table>", Pattern.DOTALL);
  private static final Pattern HEADER = Pattern.compile("<th(?: class=\"([^\"]*)\")?>(.*?)</th>");
  private static final Pattern ROW = Pattern.compile("<tr>(.*?)</tr>", Pattern.DOTALL);
  private static final Pattern CELL =
      Pattern.compile(
          "<td(?: class=\"([^\"]*)\")?(?: title=\"[^\"]*\")?>(.*?)</td>", Pattern.DOTALL);

  private record Cell(String cls, String text) {
    boolean numeric() {
      return cls.matches("(.* )?num( .*)?");
    }
  }

  private HtmlTables() {}

  /** The rows of the first table in the section with this id, each as header → cell text. */
  static List<Map<String, String>> rows(String dom, String sectionId) {
    Matcher section =
        Pattern.compile("<section id=\"" + sectionId + "\"[^>]*>(.*?)</section>", Pattern.DOTALL)
            .matcher(dom);
    assertThat(section.find()).as("section " + sectionId).isTrue();
    Matcher table = TABLE.matcher(section.group(1));
    assertThat(table.find()).as("table in " + sectionId).isTrue();
    List<Cell> header = cells(HEADER, table.group(1));
    List<Map<String, String>> rows = new ArrayList<>();
    for (List<Cell> row : bodyRows(table.group(1))) {
      Map<String, String> byHeader = new LinkedHashMap<>();
      for (int i = 0; i < header.size(); i++) {
        byHeader.put(header.get(i).text(), row.get(i).text());
      }
      rows.add(byHeader);
    }
    return rows;
  }

  /**
   * Every column of every table sits one way: a right-aligned (numeric) header over right-aligned
   * cells, a left-aligned one over left-aligned cells. A left header over right-aligned numbers
   * reads as if each value belonged to the next column.
   */
  static void assertHeadersAlignedWithTheirCells(String dom) {
    Matcher table = TABLE.matcher(dom);
    int tables = 0;
    while (table.find()) {
      tables++;
      List<Cell> header = cells(HEADER, table.group(1));
      for (List<Cell> row : bodyRows(table.group(1))) {
        assertThat(row).as("cells under " + header).hasSameSizeAs(header);
        for (int i = 0; i < header.size(); i++) {
          assertThat(row.get(i).numeric())
              .as(
                  "column '%s' (header %s) cell '%s'",
                  header.get(i).text(),
                  header.get(i).numeric() ? "right-aligned" : "left-aligned",
                  row.get(i).text())
              .isEqualTo(header.get(i).numeric());
        }
      }
    }
    assertThat(tables).as("tables in the page").isPositive();
  }

  private static List<List<Cell>> bodyRows(String table) {
    String body = table.substring(table.indexOf("<tbody>"));
    List<List<Cell>> rows = new ArrayList<>();
    Matcher row = ROW.matcher(body);
    while (row.find()) {
      rows.add(cells(CELL, row.group(1)));
    }
    return rows;
  }

  private static List<Cell> cells(Pattern pattern, String html) {
    List<Cell> cells = new ArrayList<>();
    Matcher cell = pattern.matcher(html);
    while (cell.find()) {
      cells.add(new Cell(cell.group(1) == null ? "" : cell.group(1), text(cell.group(2))));
    }
    return cells;
  }

  private static String text(String html) {
    return html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
  }
}
