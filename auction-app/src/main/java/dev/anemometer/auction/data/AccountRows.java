package dev.anemometer.auction.data;

import dev.anemometer.auction.system.security.PasswordHasher;
import java.util.ArrayList;
import java.util.List;

/** Accounts 1 … 5U: {@code user{i}@auction.test} with password {@code password{i}}. */
final class AccountRows {

  private static final long CHUNK_ACCOUNTS = 5_000;
  // Hashing a password costs about as much as writing a hundred plain rows.
  private static final long COST_PER_ACCOUNT = 200;
  private static final String COPY_SQL =
      CopyChunk.copy(
          "app_user",
          "id, email, password_hash, password_salt, first_name, last_name, credit_limit,"
              + " initial_credit_limit, state");

  private AccountRows() {}

  static List<CopyChunk> chunks(DatasetFacts facts) {
    List<CopyChunk> chunks = new ArrayList<>();
    long accounts = facts.layout().accounts();
    for (long first = 1; first <= accounts; first += CHUNK_ACCOUNTS) {
      long from = first;
      long to = Math.min(accounts, first + CHUNK_ACCOUNTS - 1);
      long rows = to - from + 1;
      chunks.add(
          new CopyChunk(
              "accounts " + from + ".." + to,
              COPY_SQL,
              rows,
              rows * COST_PER_ACCOUNT,
              out -> write(from, to, out)));
    }
    return chunks;
  }

  private static void write(long from, long to, CopyWriter out) throws java.sql.SQLException {
    PasswordHasher hasher = new PasswordHasher();
    for (long id = from; id <= to; id++) {
      String salt = hasher.newSalt();
      out.number(id)
          .text("user" + id + "@auction.test")
          .text(hasher.hash("password" + id, salt))
          .text(salt)
          .text(SampleText.firstName(id))
          .text(SampleText.lastName(id))
          .cents(DatasetFacts.CREDIT_LIMIT_CENTS)
          .cents(DatasetFacts.CREDIT_LIMIT_CENTS)
          .text("REGISTERED")
          .endRow();
    }
  }
}
