import { describe, expect, it } from "vitest";
import { browserName, deviceTypeFor, parseRealtimeMessage, reconnectDelay } from "./presence-shapes";

describe("realtime frames", () => {
  it("reads a presence snapshot", () => {
    const frame = JSON.stringify({
      type: "presence",
      channel: "onlineUsers",
      online: [{ user_id: "u1", name: "Ann", email: "a@x.test", avatar: null, device_id: "d1", device: {} }],
      count: 1,
    });
    expect(parseRealtimeMessage(frame)).toMatchObject({ type: "presence", count: 1, online: [{ user_id: "u1" }] });
  });

  it("reads a notification broadcast", () => {
    expect(parseRealtimeMessage({ type: "notification" })).toEqual({ type: "notification" });
  });

  it("drops what it does not understand", () => {
    expect(parseRealtimeMessage("not json")).toBeNull();
    expect(parseRealtimeMessage({ type: "presence", online: "x" })).toBeNull();
    expect(parseRealtimeMessage({ type: "chat" })).toBeNull();
  });
});

describe("device description", () => {
  it("device type from width and user agent", () => {
    expect(deviceTypeFor(375)).toBe("mobile");
    expect(deviceTypeFor(800)).toBe("tablet");
    expect(deviceTypeFor(1280)).toBe("desktop");
    expect(deviceTypeFor(1280, "Mozilla/5.0 (iPad; CPU OS 17_0)")).toBe("tablet");
    expect(deviceTypeFor(1280, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile")).toBe("mobile");
  });

  it("browser family", () => {
    expect(browserName("Mozilla/5.0 Chrome/120.0 Safari/537.36 Edg/120.0")).toBe("Edge");
    expect(browserName("Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36")).toBe("Chrome");
    expect(browserName("Mozilla/5.0 Firefox/121.0")).toBe("Firefox");
    expect(browserName("Mozilla/5.0 (Macintosh) Version/17.0 Safari/605.1.15")).toBe("Safari");
    expect(browserName("curl/8")).toBe("Other");
  });
});

describe("reconnect backoff (spec §9: min(1000 × 2^n, 30000) ms)", () => {
  it("doubles from one second and stops at thirty", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
