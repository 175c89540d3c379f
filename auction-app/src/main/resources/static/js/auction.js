// A minimal client of the auction API: sign in, then list the running auctions.
(function () {
  const form = document.getElementById("login-form");
  const status = document.getElementById("login-status");

  async function listAuctions(token) {
    const response = await fetch("/api/auctions/live?page=0&size=20", {
      headers: { Authorization: "Bearer " + token },
    });
    const page = await response.json();
    const list = document.getElementById("auction-list");
    list.replaceChildren(
      ...page.items.map((auction) => {
        const li = document.createElement("li");
        li.textContent = auction.name + " (" + auction.category + ")";
        return li;
      })
    );
    document.getElementById("auctions").hidden = false;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(form));
    const response = await fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      status.textContent = "Sign-in failed";
      return;
    }
    const login = await response.json();
    status.textContent = "Signed in as user " + login.userId;
    await listAuctions(login.token);
  });
})();
