package dev.anemometer.auction.system.security;

import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Turns {@code Authorization: Bearer <token>} into an {@link AuthenticatedUser}, or 401. */
@Component
class AuthenticatedUserResolver implements HandlerMethodArgumentResolver {

  private static final String PREFIX = "Bearer ";
  private static final int MAX_TOKEN_LENGTH = 64;

  private final TokenStore tokens;

  AuthenticatedUserResolver(TokenStore tokens) {
    this.tokens = tokens;
  }

  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    return parameter.getParameterType() == AuthenticatedUser.class;
  }

  @Override
  public AuthenticatedUser resolveArgument(
      MethodParameter parameter,
      ModelAndViewContainer mavContainer,
      NativeWebRequest request,
      WebDataBinderFactory binderFactory) {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      throw new UnauthorizedException("a bearer token is required");
    }
    String token = header.substring(PREFIX.length()).trim();
    if (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH || !isHex(token)) {
      throw new UnauthorizedException("the bearer token is malformed");
    }
    long userId =
        tokens
            .userOf(token)
            .orElseThrow(() -> new UnauthorizedException("the bearer token is unknown or revoked"));
    return new AuthenticatedUser(userId, token);
  }

  private static boolean isHex(String token) {
    for (int i = 0; i < token.length(); i++) {
      if (Character.digit(token.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }
}
