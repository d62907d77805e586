import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXPIRY_MS,
  durationSeconds,
  enrolmentExpiry,
  extendExpiry,
  isExpired,
  splitDuration,
} from "./course-duration";

describe("splitDuration (spec §9 units 60, 3600, 86400, 604800, 2592000)", () => {
  it("picks the largest whole unit", () => {
    expect(splitDuration(60)).toEqual({ value: 1, parameter: 60 });
    expect(splitDuration(5400)).toEqual({ value: 90, parameter: 60 });
    expect(splitDuration(7200)).toEqual({ value: 2, parameter: 3600 });
    expect(splitDuration(86400 * 3)).toEqual({ value: 3, parameter: 86400 });
    expect(splitDuration(604800 * 2)).toEqual({ value: 2, parameter: 604800 });
  });
  it("returns 30-day months as days", () => {
    expect(splitDuration(2592000)).toEqual({ value: 30, parameter: 86400 });
    expect(splitDuration(2592000 * 2)).toEqual({ value: 60, parameter: 86400 });
  });
  it("keeps odd seconds in seconds and zero as zero days", () => {
    expect(splitDuration(61)).toEqual({ value: 61, parameter: 1 });
    expect(splitDuration(0)).toEqual({ value: 0, parameter: 86400 });
  });
});

describe("enrolment expiry (spec §4, §9)", () => {
  const now = Date.UTC(2026, 10, 21);
  it("is value × parameter seconds after now", () => {
    expect(enrolmentExpiry(now, { value: 2, parameter: 86400 })).toBe(now + 2 * 86400 * 1000);
  });
  it("lasts 999999 seconds when the duration has no parameter", () => {
    expect(durationSeconds({ value: 5 })).toBe(999999);
    expect(enrolmentExpiry(now, { value: 5, parameter: null })).toBe(now + 999999 * 1000);
  });
  it("defaults to 8639136e5 ms (about 27 years) without a duration", () => {
    expect(enrolmentExpiry(now, null)).toBe(now + 8639136e5);
    expect(enrolmentExpiry(now, { value: 0, parameter: 86400 })).toBe(now + DEFAULT_EXPIRY_MS);
    expect(DEFAULT_EXPIRY_MS / (365.25 * 86400 * 1000)).toBeCloseTo(27.4, 1);
  });
  it("extends from the current expiry while it is ahead, else from now", () => {
    const week = { value: 1, parameter: 604800 };
    expect(extendExpiry(now + 1000, now, week)).toBe(now + 1000 + 604800 * 1000);
    expect(extendExpiry(now - 5000, now, week)).toBe(now + 604800 * 1000);
    expect(extendExpiry(null, now, week)).toBe(now + 604800 * 1000);
  });
  it("is expired at and after the expiry", () => {
    expect(isExpired(now, now)).toBe(true);
    expect(isExpired(now + 1, now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
  });
});
