package dev.anemometer.driver.operation;

import dev.anemometer.driver.http.HttpRequest;

/** A request together with the id-free description used in failure reasons. */
record Call(HttpRequest request, String template) {

  static Call get(String pathAndQuery, String pathTemplate) {
    return new Call(HttpRequest.get(pathAndQuery), "GET " + pathTemplate);
  }

  static Call postJson(String path, byte[] json, String pathTemplate) {
    return new Call(HttpRequest.postJson(path, json), "POST " + pathTemplate);
  }

  static Call post(String path, String pathTemplate) {
    return new Call(new HttpRequest("POST", path, new byte[0], null, null), "POST " + pathTemplate);
  }

  static Call putJson(String path, byte[] json, String pathTemplate) {
    return new Call(HttpRequest.putJson(path, json), "PUT " + pathTemplate);
  }

  static Call delete(String path, String pathTemplate) {
    return new Call(HttpRequest.delete(path), "DELETE " + pathTemplate);
  }
}
