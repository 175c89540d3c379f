package dev.anemometer.driver.syntax;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a configuration key is when the file leaves it out, as the reference says it: a value
 * ({@code `30s`}), a rule ({@code max(1000, 10 × users / lb instances)}) or where it comes from
 * ({@code from the preset}). A default that is one value in backticks is also the schema's {@code
 * default}; the harness holds it to its built-in layer of defaults.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface ConfigDefault {
  String value();
}
