package dev.anemometer.driver.operation;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** HomePage, Login, Logout and the user's own profile. */
final class SessionOperations {

  /** Same-site assets a browser would fetch with the page: scripts, styles, images. */
  private static final Pattern ASSET =
      Pattern.compile("(?:src|href)=\"(/[^\"#?]+\\.(?:js|css|png|jpg|jpeg|svg|ico|gif|woff2?))\"");

  private static final int MAX_ASSETS = 8;

  CompletionStage<OperationOutcome> homePage(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    Call page = Call.get(ApiPaths.HOME, ApiPaths.HOME);
    return exchange.finish(
        exchange
            .send(page, 200)
            .thenCompose(response -> exchange.concurrently(assets(response.body()))));
  }

  CompletionStage<OperationOutcome> login(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    int account = user.account();
    byte[] body =
        json(
            "{\"%s\":\"user%d@auction.test\",\"%s\":\"password%d\"}",
            ApiFields.USERNAME, account, ApiFields.PASSWORD, account);
    Call call = Call.postJson(ApiPaths.LOGIN, body, ApiPaths.LOGIN);
    return exchange.finish(
        exchange
            .json(call, JsonReads.LOGIN, 200)
            .thenAccept(
                answer ->
                    user.loggedIn(
                        JsonReads.requiredLong(answer, ApiFields.USER_ID, call),
                        JsonReads.requiredString(answer, ApiFields.TOKEN, call))));
  }

  CompletionStage<OperationOutcome> logout(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    Call call = Call.post(ApiPaths.LOGOUT, ApiPaths.LOGOUT);
    // The user forgets its login whatever the answer: a failed logout still ends the session.
    return exchange.finish(exchange.send(call, 204, 200).whenComplete((r, e) -> user.forget()));
  }

  CompletionStage<OperationOutcome> userProfile(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    Call call = Call.get(ApiPaths.user(user.userId()), ApiPaths.USER);
    return exchange.finish(
        exchange
            .json(call, JsonReads.PROFILE, 200)
            .thenAccept(
                profile ->
                    user.profile(
                        profile.stringOr(ApiFields.FIRST_NAME, ""),
                        profile.stringOr(ApiFields.LAST_NAME, ""))));
  }

  CompletionStage<OperationOutcome> updateUserProfile(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    String firstName = user.firstName().isEmpty() ? "First" + user.account() : user.firstName();
    byte[] body =
        json(
            "{\"%s\":\"%s\",\"%s\":\"Last%d\"}",
            ApiFields.FIRST_NAME,
            firstName.replace("\"", ""),
            ApiFields.LAST_NAME,
            user.random().nextInt(1000));
    Call call = Call.putJson(ApiPaths.user(user.userId()), body, ApiPaths.USER);
    return exchange.finish(exchange.send(call, 200, 204));
  }

  static List<Call> assets(byte[] html) {
    Set<String> paths = new LinkedHashSet<>();
    Matcher matcher = ASSET.matcher(new String(html, StandardCharsets.UTF_8));
    while (matcher.find() && paths.size() < MAX_ASSETS) {
      paths.add(matcher.group(1));
    }
    List<Call> calls = new ArrayList<>(paths.size());
    for (String path : paths) {
      // Asset paths are few and fixed, so the path itself is a low-cardinality template.
      calls.add(Call.get(path, path));
    }
    return calls;
  }

  static byte[] json(String format, Object... args) {
    return String.format(format, args).getBytes(StandardCharsets.UTF_8);
  }
}
