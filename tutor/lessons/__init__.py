"""The beginners' course (入門コース): lessons from 「ダメージとは」 to trample with deathtouch."""
