package dev.anemometer.auction.system.web;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

/**
 * Tomcat's last-resort error page, for requests it refuses before Spring sees them (an encoded
 * slash in the path, an oversize header): a problem+json body instead of Tomcat's HTML page.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0) {
      return;
    }
    AtomicBoolean ioAllowed = new AtomicBoolean(false);
    response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
    if (!ioAllowed.get()) {
      return;
    }
    ProblemType type = ProblemType.forStatus(status);
    try {
      response.setContentType("application/problem+json");
      response.setCharacterEncoding("UTF-8");
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(
            "{\"type\":\""
                + type.type()
                + "\",\"title\":\""
                + type.title()
                + "\",\"status\":"
                + status
                + ",\"detail\":\"the request was refused before it reached the application\"}");
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException e) {
      // The client is gone or the response was committed meanwhile: nothing left to tell it.
    }
  }
}
