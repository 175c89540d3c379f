package dev.anemometer.auction.data;

import java.util.SplittableRandom;

/** Names and descriptions that look like an auction site's, drawn from small word lists. */
final class SampleText {

  private static final String[] FIRST_NAMES = {
    "Ada", "Alan", "Barbara", "Brian", "Carla", "Chen", "Dana", "Dmitri", "Elena", "Emeka",
    "Fatima", "Frank", "Grace", "Hiro", "Ines", "Ivan", "Jun", "Kofi", "Lena", "Luis", "Maya",
    "Nils", "Olga", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wen", "Yusuf", "Zoe"
  };
  private static final String[] LAST_NAMES = {
    "Abe",
    "Berg",
    "Costa",
    "Diaz",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Hansen",
    "Ito",
    "Jensen",
    "Kowalski",
    "Larsen",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrov",
    "Quist",
    "Rossi",
    "Schmidt",
    "Tanaka",
    "Ueda",
    "Varga",
    "Weber",
    "Xu",
    "Yilmaz",
    "Zhang"
  };
  private static final String[] ADJECTIVES = {
    "antique", "vintage", "restored", "rare", "handmade", "signed", "classic", "compact", "brass",
    "oak", "ceramic", "silver", "lacquered", "enamel", "woven", "glazed", "carved", "folding"
  };
  private static final String[] NOUNS = {
    "barometer",
    "anemometer",
    "clock",
    "lamp",
    "camera",
    "typewriter",
    "radio",
    "telescope",
    "compass",
    "chair",
    "vase",
    "globe",
    "map",
    "guitar",
    "bicycle",
    "kettle",
    "desk",
    "mirror"
  };
  private static final String[] PHRASES = {
    "in working order",
    "with original box",
    "minor wear on the edges",
    "from a private collection",
    "cleaned and serviced",
    "some scratches, see pictures",
    "complete with accessories",
    "shipped insured",
    "a fine example of its kind",
    "rarely seen in this condition"
  };
  private static final String[] MANUFACTURERS = {
    "Aneroid & Sons",
    "Boreas Works",
    "Cirrus Instruments",
    "Doldrums Ltd",
    "Eurus Company",
    "Foehn Manufacturing",
    "Gale Brothers",
    "Zephyr Guild"
  };
  private static final String[] CATEGORIES = {
    "Instruments", "Furniture", "Cameras", "Clocks", "Music", "Maps", "Tools", "Toys", "Art"
  };
  private static final String[] CONDITIONS = {"NEW", "LIKE_NEW", "USED", "REFURBISHED"};

  private SampleText() {}

  static String firstName(long accountId) {
    return FIRST_NAMES[(int) (accountId % FIRST_NAMES.length)];
  }

  static String lastName(long accountId) {
    return LAST_NAMES[(int) (accountId / FIRST_NAMES.length % LAST_NAMES.length)];
  }

  static String category(long auctionId) {
    return CATEGORIES[(int) (auctionId % CATEGORIES.length)];
  }

  static String shortDescription(SplittableRandom random) {
    return pick(ADJECTIVES, random) + " " + pick(NOUNS, random);
  }

  static String longDescription(String shortDescription, SplittableRandom random) {
    StringBuilder text = new StringBuilder(256).append("A ").append(shortDescription);
    int phrases = random.nextInt(2, 6);
    for (int i = 0; i < phrases; i++) {
      text.append(i == 0 ? ", " : "; ").append(pick(PHRASES, random));
    }
    return text.append('.').toString();
  }

  static String manufacturer(SplittableRandom random) {
    return pick(MANUFACTURERS, random);
  }

  static String condition(SplittableRandom random) {
    return pick(CONDITIONS, random);
  }

  private static String pick(String[] words, SplittableRandom random) {
    return words[random.nextInt(words.length)];
  }
}
