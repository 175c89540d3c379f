package dev.anemometer.harness.config;

import dev.anemometer.driver.syntax.DurationSyntax;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.groups.Default;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * The rules of single keys, as their records declare them (Bean Validation: {@code @Min},
 * {@code @PositiveDuration}, {@link SizeRule} …), one line each: the key's path, what it must be,
 * and what it was. The findMax keys' rules ({@link FindMaxRules}) apply to findMax runs only. Rules
 * that join keys, or depend on the target, stay in the validators' code.
 */
final class ConfigConstraints {

  private static final ValidatorFactory FACTORY =
      Validation.byDefaultProvider()
          .configure()
          .ignoreXmlConfiguration()
          .messageInterpolator(new ParameterMessageInterpolator())
          .buildValidatorFactory();

  private ConfigConstraints() {}

  /** Every broken rule of a key, ordered by path (the rules themselves come in no order). */
  static List<String> errors(AnemometerConfig config) {
    Validator validator = FACTORY.getValidator();
    Class<?>[] groups =
        config.strategy() == Strategy.FIND_MAX
            ? new Class<?>[] {Default.class, FindMaxRules.class}
            : new Class<?>[] {Default.class};
    List<ConstraintViolation<AnemometerConfig>> violations =
        new ArrayList<>(validator.validate(config, groups));
    violations.sort(Comparator.comparing(violation -> violation.getPropertyPath().toString()));
    return violations.stream().map(ConfigConstraints::line).toList();
  }

  private static String line(ConstraintViolation<?> violation) {
    Object value = violation.getInvalidValue();
    String got = value == null ? "" : " (got " + shown(value) + ")";
    // Hibernate Validator spells the path as the configuration does: appInstances[0].tiers.app
    return violation.getPropertyPath() + ": " + violation.getMessage() + got;
  }

  private static String shown(Object value) {
    if (value instanceof Duration duration) {
      return DurationSyntax.format(duration);
    }
    return String.valueOf(value);
  }
}
