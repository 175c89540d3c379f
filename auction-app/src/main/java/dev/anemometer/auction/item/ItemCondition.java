package dev.anemometer.auction.item;

/** The conditions a seller may declare. */
enum ItemCondition {
  NEW,
  LIKE_NEW,
  USED,
  REFURBISHED,
  FOR_PARTS
}
