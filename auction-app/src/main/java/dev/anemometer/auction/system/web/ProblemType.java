package dev.anemometer.auction.system.web;

import java.net.URI;
import org.springframework.http.HttpStatus;

/**
 * The stable problem types of the API. Clients (the workload driver among them) may branch on the
 * {@code type} URI, so a type, once published, keeps its URI, title and status.
 */
public enum ProblemType {
  VALIDATION("validation", "Invalid request", HttpStatus.BAD_REQUEST),
  MALFORMED_BODY("malformed-body", "Malformed request body", HttpStatus.BAD_REQUEST),
  INVALID_PARAMETER("invalid-parameter", "Invalid parameter", HttpStatus.BAD_REQUEST),
  MISSING_PARAMETER("missing-parameter", "Missing parameter", HttpStatus.BAD_REQUEST),
  BAD_REQUEST("bad-request", "Bad request", HttpStatus.BAD_REQUEST),
  UNAUTHORIZED("unauthorized", "Unauthorized", HttpStatus.UNAUTHORIZED),
  BAD_CREDENTIALS("bad-credentials", "Bad credentials", HttpStatus.UNAUTHORIZED),
  FORBIDDEN("forbidden", "Forbidden", HttpStatus.FORBIDDEN),
  NOT_FOUND("not-found", "Not found", HttpStatus.NOT_FOUND),
  METHOD_NOT_ALLOWED("method-not-allowed", "Method not allowed", HttpStatus.METHOD_NOT_ALLOWED),
  NOT_ACCEPTABLE("not-acceptable", "Not acceptable", HttpStatus.NOT_ACCEPTABLE),
  AUCTION_NOT_RUNNING("auction-not-running", "Auction not running", HttpStatus.CONFLICT),
  CONFLICT("conflict", "Conflict", HttpStatus.CONFLICT),
  PAYLOAD_TOO_LARGE("payload-too-large", "Payload too large", HttpStatus.PAYLOAD_TOO_LARGE),
  UNSUPPORTED_MEDIA_TYPE(
      "unsupported-media-type", "Unsupported media type", HttpStatus.UNSUPPORTED_MEDIA_TYPE),
  TOO_MANY_REQUESTS("too-many-requests", "Too many requests", HttpStatus.TOO_MANY_REQUESTS),
  UNAVAILABLE("unavailable", "Service unavailable", HttpStatus.SERVICE_UNAVAILABLE),
  INTERNAL("internal", "Internal error", HttpStatus.INTERNAL_SERVER_ERROR);

  private static final String BASE = "https://anemometer.dev/problems/";

  private final URI type;
  private final String title;
  private final HttpStatus status;

  ProblemType(String slug, String title, HttpStatus status) {
    this.type = URI.create(BASE + slug);
    this.title = title;
    this.status = status;
  }

  /** The type for a status raised by the framework rather than by our own code. */
  public static ProblemType forStatus(int status) {
    return switch (status) {
      case 401 -> UNAUTHORIZED;
      case 403 -> FORBIDDEN;
      case 404 -> NOT_FOUND;
      case 405 -> METHOD_NOT_ALLOWED;
      case 406 -> NOT_ACCEPTABLE;
      case 409 -> CONFLICT;
      case 413 -> PAYLOAD_TOO_LARGE;
      case 415 -> UNSUPPORTED_MEDIA_TYPE;
      case 429 -> TOO_MANY_REQUESTS;
      case 503 -> UNAVAILABLE;
      default -> status >= 500 ? INTERNAL : BAD_REQUEST;
    };
  }

  public URI type() {
    return type;
  }

  public String title() {
    return title;
  }

  public HttpStatus status() {
    return status;
  }
}
