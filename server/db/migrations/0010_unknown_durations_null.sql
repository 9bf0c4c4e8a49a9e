-- Every manual flight was stored with a fixed '8h 30m' and every roster flight with '8h 00m' whatever
-- its length; no flight had a known duration. They are cleared so the app shows nothing rather than a
-- made-up figure; new flights store a duration only when the roster gives one (issue 18).
UPDATE "flights" SET "duration" = NULL WHERE "duration" IN ('8h 30m', '8h 00m');
