-- The sample database of this example. toolplay builds shop.db from this script the first time
-- the example is opened (with Python's sqlite3), so tool_execute_query has rows to return.
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), item TEXT NOT NULL, amount REAL NOT NULL);

INSERT INTO customers (id, name, city) VALUES
  (1, 'Ada Lovelace', 'London'),
  (2, 'Grace Hopper', 'New York'),
  (3, 'Alan Turing', 'Manchester');

INSERT INTO orders (customer_id, item, amount) VALUES
  (1, 'Analytical engine manual', 12.50),
  (2, 'Compiler handbook', 30.00),
  (2, 'Nanosecond wire', 1.25),
  (3, 'Enigma notes', 18.75);
