package dev.anemometer.harness.run.experiment;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.config.PercentText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The experiment command's flags as variants and a stop rule; every mistake is one line naming its
 * flag or file.
 *
 * <p>Variants come either from two or more configuration files (each a variant, the first the
 * base), or from one configuration (a file or none, {@code --preset}, {@code --set}) that is the
 * base, with each {@code --variant NAME: KEY=VALUE; KEY=VALUE} adding its overrides to it, or with
 * {@code --aa} the same configuration twice. Common {@code --preset}, {@code --target} and {@code
 * --set} apply to every variant.
 */
public final class ExperimentFlags {

  static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,40}");
  static final String BASE = "base";

  private ExperimentFlags() {}

  /**
   * The common configuration: the {@code --preset} option (or null) and the assignments of {@code
   * --target} and {@code --set}, in order.
   */
  public record Common(String preset, List<String> assignments) {}

  public static List<ExperimentRunner.Variant> variants(
      List<Path> files, Common common, List<String> variantSpecs, boolean aa, ConfigLoader loader) {
    List<ExperimentRunner.Variant> variants = given(files, common, variantSpecs, aa, loader);
    ExperimentRunner.Variant base = variants.get(0);
    for (ExperimentRunner.Variant variant : variants) {
      if (variant.config().strategy() != base.config().strategy()) {
        throw new ConfigException(
            variant.source()
                + ": strategy "
                + variant.config().strategy().configName()
                + " differs from the base's "
                + base.config().strategy().configName()
                + " (the variants are compared on one metric)");
      }
    }
    return variants;
  }

  private static List<ExperimentRunner.Variant> given(
      List<Path> files, Common common, List<String> variantSpecs, boolean aa, ConfigLoader loader) {
    if (files.size() >= 2) {
      if (!variantSpecs.isEmpty()) {
        throw new ConfigException(
            "--variant: not with two or more CONFIG files (each is a variant)");
      }
      if (aa) {
        throw new ConfigException("--aa: not with two or more CONFIG files (give one)");
      }
      return fromFiles(files, common, loader);
    }
    Path file = files.isEmpty() ? null : files.get(0);
    if (variantSpecs.isEmpty() && !aa) {
      throw new ConfigException(
          "ab: needs two or more variants: two CONFIG files, --variant NAME:KEY=VALUE, or --aa");
    }
    if (aa && !variantSpecs.isEmpty()) {
      throw new ConfigException("--aa: not with --variant (an A/A runs one configuration twice)");
    }
    String source = file == null ? "the common configuration" : file.toString();
    List<ExperimentRunner.Variant> variants = new ArrayList<>();
    variants.add(
        new ExperimentRunner.Variant(BASE, source, load(loader, file, common, List.of(), source)));
    if (aa) {
      variants.add(new ExperimentRunner.Variant(BASE + "-again", source, variants.get(0).config()));
      return variants;
    }
    Set<String> names = new LinkedHashSet<>(List.of(BASE));
    for (String spec : variantSpecs) {
      int colon = spec.indexOf(':');
      String name = colon < 0 ? "" : spec.substring(0, colon).strip();
      if (!NAME.matcher(name).matches()) {
        throw new ConfigException(
            "--variant: expected NAME: KEY=VALUE; KEY=VALUE…, NAME 1–40 letters, digits, '.', '_'"
                + " or '-' (got "
                + spec
                + ")");
      }
      if (!names.add(name)) {
        throw new ConfigException("--variant: the name '" + name + "' is taken");
      }
      List<String> overrides = overrides(spec.substring(colon + 1), name);
      String from = source + " with " + String.join("; ", overrides);
      variants.add(
          new ExperimentRunner.Variant(
              name, from, load(loader, file, common, overrides, "--variant " + name)));
    }
    return variants;
  }

  private static List<String> overrides(String text, String name) {
    List<String> overrides = new ArrayList<>();
    for (String part : text.split(";")) {
      String assignment = part.strip();
      if (assignment.isEmpty()) {
        continue;
      }
      if (assignment.indexOf('=') < 1) {
        throw new ConfigException(
            "--variant " + name + ": expected KEY=VALUE (got " + assignment + ")");
      }
      overrides.add(assignment);
    }
    if (overrides.isEmpty()) {
      throw new ConfigException("--variant " + name + ": no KEY=VALUE after the name");
    }
    return overrides;
  }

  private static List<ExperimentRunner.Variant> fromFiles(
      List<Path> files, Common common, ConfigLoader loader) {
    List<ExperimentRunner.Variant> variants = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (Path file : files) {
      String stem = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
      String name = NAME.matcher(stem).matches() ? stem : "variant-" + (variants.size() + 1);
      for (int n = 2; !names.add(name); n++) {
        name = stem + "-" + n;
      }
      variants.add(
          new ExperimentRunner.Variant(
              name, file.toString(), load(loader, file, common, List.of(), file.toString())));
    }
    return variants;
  }

  /** A variant's configuration; its errors say which variant's they are. */
  private static AnemometerConfig load(
      ConfigLoader loader, Path file, Common common, List<String> overrides, String source) {
    List<String> assignments = new ArrayList<>(common.assignments());
    assignments.addAll(overrides);
    try {
      return loader.load(file, common.preset(), assignments);
    } catch (ConfigException e) {
      throw new ConfigException(e.errors().stream().map(error -> source + ": " + error).toList());
    }
  }

  /** {@code --name}, else the base configuration's name. */
  public static String experimentName(String given, String baseName) {
    if (given == null) {
      return baseName;
    }
    if (!Pattern.matches("[A-Za-z0-9._-]{1,60}", given)) {
      throw new ConfigException(
          "--name: must be 1–60 letters, digits, '.', '_' or '-' (got " + given + ")");
    }
    return given;
  }

  /** {@code --until-ci}, {@code --detect} and {@code --max-rounds}, each null when not given. */
  public static StopRule stopRule(String untilCi, String detect, Integer maxRounds) {
    if (untilCi != null && detect != null) {
      throw new ConfigException("--until-ci: not with --detect (one target to stop on, not both)");
    }
    Double ci = untilCi == null ? null : percent("--until-ci", untilCi);
    Double threshold = detect == null ? null : percent("--detect", detect);
    boolean target = ci != null || threshold != null;
    int most =
        maxRounds != null
            ? maxRounds
            : target ? StopRule.DEFAULT_MAX_ROUNDS_WITH_TARGET : StopRule.DEFAULT_ROUNDS;
    int least = target ? StopRule.MIN_ROUNDS_FOR_TARGET : 2;
    if (most < least) {
      throw new ConfigException(
          "--max-rounds: must be ≥ "
              + least
              + (target ? " with a target" : ", an interval needs two rounds")
              + " (got "
              + most
              + ")");
    }
    return new StopRule(ci, threshold, most);
  }

  /** {@code 3%}, {@code 3 %} or {@code 3}: above 0 and below 100. */
  static double percent(String flag, String text) {
    Double value = PercentText.parse(text);
    if (value == null || value >= 100) {
      throw new ConfigException(
          flag + ": must be a percentage above 0 and below 100 (got " + text.strip() + ")");
    }
    return value;
  }
}
