package dev.anemometer.auction.system.web;

import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.databind.DatabindException;

/** Finds which member of a JSON body Jackson could not read, as {@code items[2].amount}. */
final class JsonPaths {

  private JsonPaths() {}

  static String offendingPath(HttpMessageNotReadableException ex) {
    for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof DatabindException databind && !databind.getPath().isEmpty()) {
        return format(databind);
      }
    }
    return null;
  }

  private static String format(DatabindException ex) {
    StringBuilder path = new StringBuilder();
    for (var reference : ex.getPath()) {
      if (reference.getPropertyName() != null) {
        if (!path.isEmpty()) {
          path.append('.');
        }
        path.append(reference.getPropertyName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.isEmpty() ? null : path.toString();
  }
}
