-- A statement that must not change anything unless a condition holds refuses with this function:
-- `select atrium_refuse('key') where not exists (…)`. Its message is the refusal's key (e.g.
-- cart.couponLimit), its SQLSTATE P0001, and the transaction it is in is rolled back. Used where a
-- statement is sent together with its COMMIT (server/db/tenant.ts commitWith).
CREATE OR REPLACE FUNCTION atrium_refuse(refusal text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = refusal;
END $$;
