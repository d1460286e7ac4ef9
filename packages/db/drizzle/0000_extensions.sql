-- Extensions and functions the schema relies on. All exist on PGlite 0.5 (PostgreSQL 18) and
-- PostgreSQL 15.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- CPF check digits (users.cpf CHECK). 11 digits, not one repeated digit, both verifiers right.
CREATE OR REPLACE FUNCTION is_valid_cpf(value text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  sum1 int := 0;
  sum2 int := 0;
  d1 int;
  d2 int;
  i int;
BEGIN
  IF value !~ '^[0-9]{11}$' OR value ~ '^(.)\1{10}$' THEN
    RETURN false;
  END IF;
  FOR i IN 1..9 LOOP
    sum1 := sum1 + substr(value, i, 1)::int * (11 - i);
  END LOOP;
  d1 := (sum1 * 10) % 11;
  IF d1 = 10 THEN d1 := 0; END IF;
  FOR i IN 1..10 LOOP
    sum2 := sum2 + substr(value, i, 1)::int * (12 - i);
  END LOOP;
  d2 := (sum2 * 10) % 11;
  IF d2 = 10 THEN d2 := 0; END IF;
  RETURN d1 = substr(value, 10, 1)::int AND d2 = substr(value, 11, 1)::int;
END;
$$;--> statement-breakpoint
-- unaccent() is only STABLE, so it cannot appear in an index; naming the dictionary makes this
-- wrapper safe to declare IMMUTABLE (the usual idiom).
CREATE OR REPLACE FUNCTION search_normalize(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, value))
$$;
