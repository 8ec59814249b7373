-- An order keeps the units per lot it was placed with: staff changing a product's contract size
-- changes the orders placed after, never the P&L of those already placed.
ALTER TABLE orders ADD COLUMN cont_num numeric(20, 8);
UPDATE orders SET cont_num = p.cont_num FROM products p WHERE orders.product_id = p.id;
ALTER TABLE orders ALTER COLUMN cont_num SET NOT NULL;
