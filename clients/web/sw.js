// The service worker: it shows the notices the server pushes (server/table/push.py), each
// under its notice's id as its tag (a notice pushed twice replaces itself), and opens the game
// when one is clicked.

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(notice.title || "Plateau", {
    body: notice.body || "",
    tag: notice.tag,
    data: { url: notice.url || "/" },
    icon: "/static/icon-192.png",
    badge: "/static/icon-192.png",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of open) {
      if (client.url === url && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});
